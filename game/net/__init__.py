"""Races between homes: race files for email races, and the Matrix transport."""
