"""``python -m lgm_rdf.cli``: the ``lgm`` command line."""

import sys

from lgm_rdf.cli.dispatch import main

sys.exit(main())
