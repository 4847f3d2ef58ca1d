// XML codec over libxml2.
