"""Every table of the application on one metadata: importing this module registers them all.

Alembic's env.py, the app module and tests that create or compare the schema import it, so no table
is missing from a migration check because nothing happened to import its module.
"""

from sqlmodel import SQLModel

from marketing_site.booking import models as booking_models
from marketing_site.core import config_version
from marketing_site.leads import models as lead_models
from marketing_site.leads.owners import routing_models
from marketing_site.leads.tallies import models as tally_models
from marketing_site.mail import models as mail_models
from marketing_site.staff import credentials as staff_credentials
from marketing_site.staff import models as staff_models
from marketing_site.vitals import models as vitals_models
from marketing_site.webhooks import models as webhook_models

METADATA = SQLModel.metadata
MODULES = (
    config_version,
    staff_models,
    staff_credentials,
    lead_models,
    routing_models,
    tally_models,
    booking_models,
    mail_models,
    vitals_models,
    webhook_models,
)
