"""Lead forms: their fields, submit bar, success modal, slot picker and the attribution they post."""
