import TouchstoneApp

/// Something the shop sells, its price in cents.
struct Product {
    let name: String
    let price: Int

    static let samples = [
        Product(name: "Apples", price: 349), Product(name: "Bread", price: 275),
        Product(name: "Coffee", price: 899), Product(name: "Eggs", price: 420),
        Product(name: "Milk", price: 129), Product(name: "Rice", price: 310),
    ]
}

/// The list's data source: one button per product. A tap asks the responder chain to
/// `addToCart`; the list makes rows only while they are near the screen.
final class ProductSource: ListDataSource {
    let products: [Product]

    init(products: [Product]) { self.products = products }

    func numberOfRows(in list: ListNode) -> Int { products.count }

    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node {
        let product = products[index]
        let row = ButtonNode(name: "row-\(index)", frame: Rect(x: 0, y: 0, width: list.bounds.width, height: list.rowExtent))
        row.label = "\(product.name)   \(Cart.format(cents: product.price))"
        row.backgroundColor = index.isMultiple(of: 2) ? .white : Color(red: 242, green: 242, blue: 247)
        row.addTarget(nil, action: "addToCart", for: .primaryActionTriggered)   // nil: up the responder chain
        return row
    }
}
