struct A {
    var b = 2
}
