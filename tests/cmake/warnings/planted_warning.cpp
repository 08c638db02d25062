// A planted warning: -Wall's -Wunused-variable, and nothing else.
int planted_warning() {
    int unused = 0;
    return 1;
}
