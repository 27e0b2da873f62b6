struct A {
    var b = 1
}
