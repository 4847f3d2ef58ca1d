import Foundation
import RestKitCore
import RestKitTestSupport
import RestKitXML
import Testing

/// The XML fixtures of Objective-C RestKit (`restkit-fixtures/XML`), parsed into the shape its
/// object mappings expect.
@Suite(.enabled(
    if: SharedCorpus.directory("restkit-fixtures/XML") != nil,
    Comment(rawValue: SharedCorpus.missingMessage("restkit-fixtures/XML"))
))
struct FixtureTests {
    func fixture(_ name: String) throws -> Representation {
        let directory = try #require(SharedCorpus.directory("restkit-fixtures/XML"))
        return try LibXML2Parser().parse(SharedCorpus.bytes(of: directory.appendingPathComponent(name)))
    }

    @Test func everyFixtureParses() throws {
        let files = SharedCorpus.files(in: "restkit-fixtures/XML") { $0.hasSuffix(".xml") }
        #expect(files.count >= 7)
        for file in files {
            let value = try LibXML2Parser().parse(SharedCorpus.bytes(of: file))
            #expect(value.objectValue?.count == 1, "\(file.lastPathComponent)")
        }
    }

    @Test func attributesWithoutTextContent() throws {
        let value = try fixture("attributes_without_text_content.xml")
        #expect(value[keyPath: "exchange_rate.type"] == "XML_RATE_TYPE_EBNK_MIDDLE")
        #expect(value[keyPath: "exchange_rate.valid_from"] == "2011-08-03 00:00:00.0")
        #expect(value[keyPath: "exchange_rate.currency"]?.arrayValue?.count == 3)
        #expect(value[keyPath: "exchange_rate.currency.1"] == ["name": "HRK", "quota": "1", "rate": "3.25017"])
    }

    @Test func channels() throws {
        let value = try fixture("channels.xml")
        let channel = try #require(value[keyPath: "Channels.Channel"])
        #expect(channel["Identifier"] == "1172")
        #expect(channel[keyPath: "Image.0"] == "http://domain.com/Images/MySpecialTitle.png")
        #expect(channel[keyPath: "Image.1"] == ["Width": "65", "Height": "35", "text": "http://domain.com/Images/65x35/2234.png"])
        #expect(channel[keyPath: "Stream.text"] == "MySpecialTitle")
        #expect(channel["Languages"] == "it")
        #expect(channel[keyPath: "Program.1.Start"] == "2011-12-19 21:00:00Z")
    }

    @Test func containerAttributes() throws {
        let value = try fixture("container_attributes.xml")
        #expect(value[keyPath: "elements.element"] == [
            ["attribute": "1", "subelement": "text"],
            ["attribute": "2", "subelement": "text2"],
        ])
    }

    @Test func ordersWithSingleAndRepeatedDetails() throws {
        let value = try fixture("orders.xml")
        #expect(value[keyPath: "Root.Orders"]?.arrayValue?.count == 2)
        #expect(value[keyPath: "Root.Orders.0.iRepOrderNo"] == "1005")
        #expect(value[keyPath: "Root.Orders.0.OrdersDetail.OrderDetailsId"] == "104")
        #expect(value[keyPath: "Root.Orders.1.OrdersDetail"]?.arrayValue?.count == 2)
        #expect(value[keyPath: "Root.Orders.1.OrdersDetail.1.OrderDetailsId"] == "106")
        #expect(value[keyPath: "Root.Orders.1.CreatedDate"] == "2011-07-22T14:31:31")
    }

    @Test func tabData() throws {
        let value = try fixture("tab_data.xml")
        #expect(value[keyPath: "tabdata.title"] == ["My tab", "Title 2"])
        #expect(value[keyPath: "tabdata.itemscount"] == "5")
        #expect(value[keyPath: "tabdata.item.1.title"] == "Title item 2")
        #expect(value[keyPath: "tabdata.item.0.date"] == "9.06.2011 17:32:43")
    }

    @Test func zendKeepsCDATAVerbatim() throws {
        let value = try fixture("zend.xml")
        #expect(value[keyPath: "Api.generator"] == "zend")
        #expect(value[keyPath: "Api.getList.map"]?.arrayValue?.count == 4)
        #expect(value[keyPath: "Api.getList.map.0.id_map"] == "4")
        #expect(value[keyPath: "Api.getList.map.0.title"] == " Main World Map ")
        #expect(value[keyPath: "Api.getList.map.0.subtitle"] == " ")
        #expect(value[keyPath: "Api.getList.map.2.subtitle"] == " Kary lives here. ")
        #expect(value[keyPath: "Api.getList.total"] == " 4 ")
        #expect(value[keyPath: "Api.getList.status"] == "success")
        let trimmed = try LibXML2Parser(whitespace: .trim).parse(
            SharedCorpus.bytes(of: #require(SharedCorpus.directory("restkit-fixtures/XML")).appendingPathComponent("zend.xml")))
        #expect(trimmed[keyPath: "Api.getList.map.0.title"] == "Main World Map")
        #expect(trimmed[keyPath: "Api.getList.map.0.subtitle"] == "")
    }

    @Test func nationalWeatherServiceInLatin1() throws {
        let value = try fixture("national_weather_service.xml")
        #expect(value[keyPath: "dwml.version"] == "1.0")
        #expect(value[keyPath: "dwml.head.product.concise-name"] == "dwmlByDay")
        #expect(value[keyPath: "dwml.head.product.creation-date"] == ["refresh-frequency": "PT1H", "text": "2011-09-03T17:37:57-05:00"])
        #expect(value[keyPath: "dwml.data.location.city"] == ["state": "NC", "text": "Carrboro NC"])
        #expect(value[keyPath: "dwml.data.moreWeatherInformation.text"]
            == "http://forecast.weather.gov/MapClick.php?lat=35.9&lon=-79.08")
    }
}
