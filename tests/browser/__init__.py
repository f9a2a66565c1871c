"""Browser tests: the Voilà app and the browser-only build in headless Chromium."""
