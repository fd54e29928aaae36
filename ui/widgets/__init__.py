"""Small reusable widgets: rating dots, finding lists, section headers."""
