## present
