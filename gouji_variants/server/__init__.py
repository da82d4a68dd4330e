"""The room service and the web page (the ``[web]`` extra): ``gouji serve``."""
