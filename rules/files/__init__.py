"""What the rules read and write as files: race records and positions, the migration of older
schemas, atomic writes and the bounded reading of every file."""
