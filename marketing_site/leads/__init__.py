"""Lead capture: tables, validation, anti-spam, résumé storage, the writing service and the JSON API.

No UI imports here. Forms call ``service.lead_submit`` / ``service.application_submit``; the app
module mounts ``api.build_api()``. Schema changes go through Alembic (``alembic/`` at the root).
"""
