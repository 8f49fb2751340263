"""What every staff page shares: one way to render it, the area's stylesheet and script, the rules each request
passes before its route."""
