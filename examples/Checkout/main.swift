// The tutorial's app (TouchstoneApp's catalog, "Building a screen and testing it with replay"):
// a product list with a data source, a custom stepper control, and a running total.
//
//     swift run CheckoutExample
import TouchstoneApp

App.main(root: CheckoutScreen(), options: AppOptions(title: "Checkout"))
