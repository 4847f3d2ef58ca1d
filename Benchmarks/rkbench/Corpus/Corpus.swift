import Foundation

/// The documents a run uses: the files of a corpus folder (laid out like
/// `shared/corpora`, with `json/` and `xml/` subfolders) or generated stand-ins.
///
/// ```swift
/// let corpus = try Corpus(directory: URL(fileURLWithPath: "../shared/corpora"))
/// let generated = Corpus.generated()
/// ```
struct Corpus {
    /// Where the documents came from, for the report header.
    let origin: String
    /// JSON documents first, then XML, each sorted by name.
    let documents: [Document]

    /// File name extensions read from the `xml/` folder.
    static let xmlExtensions: Set<String> = ["xml", "svg", "wsdl", "xhtml"]

    /// Every `*.json` in `json/` and every `*.xml`/`.svg`/`.wsdl`/`.xhtml` in `xml/`
    /// (subfolders such as `xml/malformed/` are not read).
    ///
    /// - Throws: ``CorpusError`` when the folder or both subfolders are missing, or a file
    ///   cannot be read.
    init(directory: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
              isDirectory.boolValue
        else {
            throw CorpusError("corpus folder \(directory.path) does not exist")
        }
        let json = try Self.files(in: directory.appendingPathComponent("json"), extensions: ["json"])
        let xml = try Self.files(in: directory.appendingPathComponent("xml"), extensions: Self.xmlExtensions)
        guard json != nil || xml != nil else {
            throw CorpusError("corpus folder \(directory.path) has neither a json/ nor an xml/ subfolder")
        }
        var documents: [Document] = []
        for (files, format) in [(json ?? [], Document.Format.json), (xml ?? [], .xml)] {
            for file in files {
                do {
                    let bytes = Array(try Data(contentsOf: file))
                    documents.append(Document(name: file.lastPathComponent, format: format, bytes: bytes))
                } catch {
                    throw CorpusError("cannot read \(file.path): \(error.localizedDescription)")
                }
            }
        }
        self.origin = directory.standardizedFileURL.path
        self.documents = documents
    }

    /// A corpus from documents already in memory.
    init(origin: String, documents: [Document]) {
        self.origin = origin
        self.documents = documents
    }

    /// The embedded generated documents (see ``GeneratedDocuments``).
    static func generated() -> Corpus {
        Corpus(origin: "embedded generated documents (SplitMix64 seed \(GeneratedDocuments.seed))",
               documents: GeneratedDocuments.all())
    }

    /// Regular files in `folder` whose extension is in `extensions`, sorted by name;
    /// `nil` when the folder does not exist.
    private static func files(in folder: URL, extensions: Set<String>) throws -> [URL]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw CorpusError("cannot list \(folder.path): \(error.localizedDescription)")
        }
        return names.sorted()
            .map { folder.appendingPathComponent($0) }
            .filter { url in
                var isFolder: ObjCBool = false
                return extensions.contains(url.pathExtension.lowercased())
                    && FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
            }
    }
}
