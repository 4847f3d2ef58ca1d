// JSON codecs: jansson (DOM) and yajl (incremental).
