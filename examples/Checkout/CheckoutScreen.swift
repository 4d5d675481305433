import TouchstoneApp

/// What has been added, in cents.
struct Cart {
    private(set) var total = 0

    mutating func add(_ product: Product, quantity: Int) { total += product.price * quantity }

    static func format(cents: Int) -> String {
        let fraction = cents % 100
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The screen: the product list above, the quantity stepper and the cart's total below.
/// It handles the rows' `addToCart` as their ancestor in the responder chain.
final class CheckoutScreen: Node {
    let list = ListNode(name: "products", frame: Rect(x: 0, y: 0, width: 320, height: 400), rowExtent: 56)
    let stepper = QuantityStepper(name: "quantity", frame: Rect(x: 16, y: 418, width: 120, height: 44))
    let total = Node(name: "total", frame: Rect(x: 152, y: 418, width: 152, height: 44))
    private let source = ProductSource(products: Product.samples)
    private(set) var cart = Cart()

    init() {
        super.init(name: "checkout", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        list.dataSource = source
        total.label = "Total 0.00"
        addSubnode(list)
        addSubnode(stepper)
        addSubnode(total)
    }

    override func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool {
        guard action == "addToCart", let index = list.rowIndex(of: sender) else { return false }
        cart.add(source.products[index], quantity: stepper.value)
        total.label = "Total \(Cart.format(cents: cart.total))"
        return true
    }
}
