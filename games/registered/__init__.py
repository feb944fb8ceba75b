"""The site's declaration of each game (``games.registry``), one module per game: the
Django-free engines stay as they are and these say how the site uses them."""
