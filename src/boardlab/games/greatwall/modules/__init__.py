"""The stretch goals of The Great Wall as modules hooking the base game's named steps."""
