"""What a page's document head carries beyond its title: tags and sitemap entry, JSON-LD, web fonts."""
