import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document parsed into a tree of elements, so that tests can read an SVG the way a
/// browser's parser does: a document that is not well-formed does not parse.
final class XMLElement {
    let name: String
    let attributes: [String: String]
    private(set) var children: [XMLElement] = []
    /// The character data directly inside the element.
    private(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// This element and its descendants, parents first, with their depth.
    func walk(depth: Int = 0, _ body: (XMLElement, Int) -> Void) {
        body(self, depth)
        for child in children { child.walk(depth: depth + 1, body) }
    }

    /// Every element named `name` in this subtree.
    func all(_ name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        walk { element, _ in if element.name == name { found.append(element) } }
        return found
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// The root element of `document`, or the parser's error.
    static func parse(_ document: String) throws -> XMLElement {
        let parser = XMLParser(data: Data(document.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root") at line \(parser.lineNumber), column \(parser.columnNumber)")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLElement?
        private var open: [XMLElement] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let element = XMLElement(name: name, attributes: attributes)
            if let parent = open.last { parent.children.append(element) } else { root = element }
            open.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open.last?.text += string
        }
    }
}
