struct Found {}
