"""House modules that exist only in the tests: each proves the seam (engarde.modules) takes a
module without a line of the core edited.  ``tests/test_seam.py`` registers them."""
