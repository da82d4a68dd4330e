"""Engine components, one per rule area; each is named like its schema section."""
