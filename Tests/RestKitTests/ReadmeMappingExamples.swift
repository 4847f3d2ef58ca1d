import Foundation
import RestKit
import Testing

// The README's mapping walkthrough, compiled and checked.

struct Author: Equatable { var name = ""; var email = "" }
struct Article: Equatable { var title = ""; var body = ""; var author = Author(); var publishedAt: Date? }

struct Project: Equatable { var id = 0; var name = ""; var owner = Member(); var tasks: [TaskItem] = [] }
struct Member: Equatable { var id = 0; var name = "" }
struct TaskItem: Equatable { var id = 0; var title = ""; var done = false; var assignee: Member? }

struct Gist { var id = ""; var summary = ""; var isPublic = false; var owner = Member(); var files: [GistFile] = [] }
struct GistFile: Equatable { var filename = ""; var language: String?; var size = 0 }

struct Account { var transactionCount = 0; var averageAmount: Decimal = 0; var payees: [String] = [] }

struct ReadmeMappingExamples {
    @Test func articlesWithAuthors() throws {
        let author = ObjectMapping(Author.init) { author in
            author.map(["name": \Author.name, "email": \Author.email])
        }
        let article = ObjectMapping(Article.init) { article in
            article.map("title", to: \.title)
            article.map("body", to: \.body)
            article.map("published_at", to: \.publishedAt)
            article.relationship("author", to: \.author, mapping: author)
        }
        var mapper = Mapper()
        mapper.add(article, at: "articles")
        let json = #"""
            {"articles": [{"title": "RestKit for Swift", "body": "…", "published_at": "2026-11-22T09:00:00Z",
                           "author": {"name": "Blake", "email": "blake@restkit.org"}}]}
            """#
        let result = try mapper.map(Registry.default.parse(Array(json.utf8), as: .json))
        let articles = result.objects(of: Article.self)
        #expect(articles.first?.author.name == "Blake")
        #expect(articles.first?.publishedAt == Date(timeIntervalSince1970: 1_795_338_000))
    }

    @Test func taskList() throws {
        let member = ObjectMapping(Member.init) { $0.map(["id": \Member.id, "name": \Member.name]) }
        let task = ObjectMapping(TaskItem.init) { task in
            task.map(["id": \TaskItem.id, "title": \TaskItem.title, "done": \TaskItem.done])
            task.relationship("assignee", to: \.assignee, mapping: member)
        }
        let project = ObjectMapping(Project.init) { project in
            project.map(["id": \Project.id, "name": \Project.name])
            project.relationship("owner", to: \.owner, mapping: member)
            project.relationship("tasks", to: \.tasks, mapping: task)
        }
        let json = #"""
            [{"id": 1, "name": "RestKit", "owner": {"id": 7, "name": "Blake"},
              "tasks": [{"id": 10, "title": "Write mappings", "done": "yes", "assignee": {"id": 7, "name": "Blake"}},
                        {"id": 11, "title": "Ship", "done": false, "assignee": null}]}]
            """#
        let projects = try project.mapCollection(Registry.default.parse(Array(json.utf8), as: .json))
        #expect(projects.first?.tasks.map(\.done) == [true, false])
        #expect(projects.first?.tasks.last?.assignee == nil)
    }

    @Test func publicGists() throws {
        let owner = ObjectMapping(Member.init) { owner in
            owner.map("id", to: \.id)
            owner.map("login", to: \.name)
        }
        let file = ObjectMapping(GistFile.init) { file in
            file.map(["language": \GistFile.language, "size": \GistFile.size])
        }
        var gist = ObjectMapping(Gist.init) { gist in
            gist.map("id", to: \.id)
            gist.map("description", to: \.summary)
            gist.map("public", to: \.isPublic)
            gist.relationship("user", to: \.owner, mapping: owner)
            gist.relationship("files", to: \.files, mapping: file, keysInto: \.filename)
        }
        gist.identificationAttributes = ["id"]
        let json = #"""
            [{"id": "2a8d", "description": "Mapping demo", "public": true, "user": {"id": 7, "login": "blake"},
              "files": {"demo.swift": {"language": "Swift", "size": 120}, "README": {"language": null, "size": 12}}}]
            """#
        let store = InMemoryObjectStore<Gist>()
        let document = try Registry.default.parse(Array(json.utf8), as: .json)
        _ = try gist.mapCollection(document, into: store)
        let gists = try gist.mapCollection(document, into: store)   // loaded twice: no duplicates
        #expect(store.count == 1)
        #expect(gists.first?.files.map(\.filename) == ["demo.swift", "README"])
        #expect(gists.first?.owner.name == "blake")
    }

    @Test func bankAccountOperators() throws {
        let account = ObjectMapping(Account.init) { account in
            account.map("transactions.@count", to: \.transactionCount)
            account.map("transactions.@avg.amount", to: \.averageAmount)
            account.map("transactions.@distinctUnionOfObjects.payee", to: \.payees)
        }
        let json = #"""
            {"transactions": [{"payee": "Joe Blow", "amount": 100.23}, {"payee": "Grocery Store", "amount": 200.00},
                              {"payee": "John Doe", "amount": 100.23}, {"payee": "Joe Blow", "amount": 200.00}]}
            """#
        let mapped = try account.map(Registry.default.parse(Array(json.utf8), as: .json))
        #expect(mapped.transactionCount == 4)
        #expect(mapped.averageAmount == Decimal(string: "150.115"))
        #expect(mapped.payees == ["Joe Blow", "Grocery Store", "John Doe"])
    }

    @Test func postingANewObject() throws {
        let article = ObjectMapping(Article.init) { article in
            article.map("title", to: \.title)
            article.map("body", to: \.body)
            article.map("published_at", to: \.publishedAt)
        }
        let draft = Article(title: "Hello", body: "First post", publishedAt: Date(timeIntervalSince1970: 0))
        let body = try article.inverse(rootKey: "article").representation(of: draft)
        let json = try Registry.default.serialize(body, as: .json)
        #expect(String(decoding: json, as: UTF8.self)
            == #"{"article":{"title":"Hello","body":"First post","published_at":"1970-01-01T00:00:00Z"}}"#)

        // The same bytes, written straight from the model (no representation built in between):
        let same = try article.inverse(rootKey: "article").json(of: draft)
        #expect(same == json)
    }

    @Test func writingJSONStraightFromTheModels() throws {
        let article = ObjectMapping(Article.init) { article in
            article.map("title", to: \.title)
            article.map("body", to: \.body)
        }
        let draft = Article(title: "Hello", body: "First post")
        let drafts = [draft, Article(title: "Second", body: "")]
        let json = try article.inverse(rootKey: "article").json(of: draft)
        let page = try article.inverse().json(of: drafts, writer: JSONWriter(options: .prettyPrinted))
        #expect(String(decoding: json, as: UTF8.self) == #"{"article":{"title":"Hello","body":"First post"}}"#)
        #expect(String(decoding: page, as: UTF8.self).hasPrefix("[\n  {\n    \"title\": \"Hello\","))
    }

    @Test func railsStyleFormParametersFallOutOfTheInverse() throws {
        let article = ObjectMapping(Article.init) { article in
            article.map("title", to: \.title)
            article.map("author.name", to: \.author.name)
        }
        let body = try article.inverse(rootKey: "article").representation(of: Article(title: "Hello world", author: Author(name: "Blake")))
        let form = try Registry.default.serialize(body, as: .formURLEncoded)
        #expect(String(decoding: form, as: UTF8.self) == "article[title]=Hello%20world&article[author][name]=Blake")
        #expect(try article.map(#require(Registry.default.parse(form, as: .formURLEncoded)["article"])).title == "Hello world")
    }
}
