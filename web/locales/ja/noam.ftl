## noam
