import sys

from dinghy.cli import main

sys.exit(main())
