"""Drawing rules for the site's generated artwork (SVG illustrations, hero, favicon, videos)."""
