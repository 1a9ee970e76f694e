"""One class per resource group; each method is one REST route."""
