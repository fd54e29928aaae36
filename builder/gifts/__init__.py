"""The Gift Builder: catalog, System Text templating and Gift Cost evaluation."""
