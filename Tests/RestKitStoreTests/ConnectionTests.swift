import Foundation
import RestKitCore
import RestKitMapping
import RestKitStore
import Testing

struct Employee: Equatable, Sendable {
    var id = 0
    var name = ""
    var managerID: Int?
    var manager: Manager?
    var reports: [Manager] = []

    /// The connected employee, without its own connections.
    struct Manager: Equatable, Sendable {
        var id = 0
        var name = ""
    }
}

struct ConnectedArticle: Equatable, Sendable {
    var id = 0
    var authorID: Int?
    var author: PostAuthor?
}

let managerMapping = ObjectMapping(Employee.Manager.init) { manager in
    manager.map("id", to: \.id)
    manager.map("name", to: \.name)
}
let employeeMapping = ObjectMapping(Employee.init) { employee in
    employee.map("id", to: \.id)
    employee.map("name", to: \.name)
    employee.map("manager_id", to: \.managerID)
    employee.relationship("manager", to: \.manager, mapping: managerMapping)
    employee.relationship("reports", to: \.reports, mapping: managerMapping)
}

@Suite struct ConnectionTests {
    func employees() throws -> EntityMapping<Employee> {
        try EntityMapping(employeeMapping, table: "employees", columns: [
            Column("id", .integer), Column("name", .text), Column("manager_id", .integer),
        ], connections: [
            .toOne("manager", where: ["manager_id": "id"]),
            .toMany("reports", where: ["id": "manager_id"]),
        ])
    }

    @Test(arguments: StoreBackend.available)
    func connectionsReachObjectsLaterInTheSamePayload(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let employees = try employees()
            try await store.register(employees)
            let result = try await store.map(json("""
                [{"id": 1, "name": "Ann", "manager_id": 3}, {"id": 2, "name": "Bob", "manager_id": 3},
                 {"id": 3, "name": "Cyd"}, {"id": 4, "name": "Dee", "manager_id": 99}]
                """), with: employees)
            let cyd = Employee.Manager(id: 3, name: "Cyd")
            #expect(result.objects.map(\.manager) == [cyd, cyd, nil, nil])
            #expect(result.objects[2].reports.map(\.name) == ["Ann", "Bob"])
            // Read back, and after the missing manager arrives.
            _ = try await store.map(json(#"{"id": 99, "name": "Zoe"}"#), with: employees)
            let stored = try await store.objects(of: employees)
            #expect(stored.map { $0.manager?.name } == ["Cyd", "Cyd", nil, "Zoe", nil])
            #expect(stored.map { $0.reports.map(\.id) } == [[], [], [1, 2], [], [4]])
        }
    }

    @Test(arguments: StoreBackend.available)
    func connectionsToAnotherEntityResolveWhenRead(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let authors = try EntityMapping(authorMapping, table: "authors", columns: [Column("id", .integer), Column("name", .text)])
            let articleMapping = ObjectMapping(ConnectedArticle.init) { article in
                article.map("id", to: \.id)
                article.map("author_id", to: \.authorID)
                article.relationship("author", to: \.author, mapping: authorMapping)
            }
            let articles = try EntityMapping(articleMapping, table: "connected_articles", columns: [
                Column("id", .integer), Column("author_id", .integer),
            ], connections: [.toOne("author", authors, where: ["author_id": "id"])])
            try await store.register(articles)
            let first = try await store.map(json(#"[{"id": 1, "author_id": 5}, {"id": 2}]"#), with: articles)
            #expect(first.objects.map(\.author) == [nil, nil])
            _ = try await store.map(json(#"{"id": 5, "name": "Eve"}"#), with: authors)
            let stored = try await store.objects(of: articles)
            #expect(stored.map(\.author) == [PostAuthor(id: 5, name: "Eve"), nil])
            #expect(stored.map(\.authorID) == [5, nil])
        }
    }
}
