// The style engine works over the content-document model; its users see that model with it.
@_exported import EPUBDocument
