struct Model {
    var name = "Pages"
}
