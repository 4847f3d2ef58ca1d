// Form bodies: URL-encoded and multipart/form-data serializers and parsers, streaming bodies.
