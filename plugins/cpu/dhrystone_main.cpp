// Dhrystone 2.1, part 1 of 2: the global state, the main program's timed loop
// and Proc_1..Proc_5 (the parts of the benchmark that Weicker's dhry_1.c
// holds). See dhrystone.h for why the benchmark is split in two files.
#include <cstddef>
#include <cstring>
#include <new>
#include <sstream>

#include "dhrystone.h"

namespace bytebench::plugins::cpu {
namespace dhry {

// Global variables of the benchmark.
Rec_Pointer Ptr_Glob = nullptr;
Rec_Pointer Next_Ptr_Glob = nullptr;
int Int_Glob = 0;
Boolean Bool_Glob = 0;
char Ch_1_Glob = '\0';
char Ch_2_Glob = '\0';
Arr_1_Dim Arr_1_Glob;
Arr_2_Dim Arr_2_Glob;

namespace {

// The two records. UnixBench's main() mallocs them first thing (Next_Ptr_Glob
// then Ptr_Glob); with glibc on x86-64 they land 64 bytes apart, each 32
// bytes into a cache line (heap + 0x2a0 and + 0x2e0), so the whole-record
// copy in Proc_1 splits across lines. This arena reproduces that placement
// deterministically instead of leaving it to the linker's .bss layout.
struct alignas(64) RecordArena {
    unsigned char lead[32];
    Record next;  // Next_Ptr_Glob
    unsigned char gap[64 - sizeof(Record) % 64];
    Record ptr;  // Ptr_Glob
};
static_assert(offsetof(RecordArena, next) % 64 == 32, "Next_Ptr_Glob placement");
static_assert(offsetof(RecordArena, ptr) - offsetof(RecordArena, next) == 64, "Ptr_Glob placement");
RecordArena g_records;

// The loop counter. volatile, so that the count is kept however much of the
// body is optimised away, and in static storage, as UnixBench's Run_Index
// (which its SIGALRM handler reads): CPUs that rename stack memory would make
// a counter on the stack cheaper than UnixBench's.
volatile unsigned long Run_Index;

const char kSomeString[] = "DHRYSTONE PROGRAM, SOME STRING";
const char kFirstString[] = "DHRYSTONE PROGRAM, 1'ST STRING";
const char kSecondString[] = "DHRYSTONE PROGRAM, 2'ND STRING";

}  // namespace

// Proc_1..Proc_5 have external linkage, as in the original: GCC then keeps
// Proc_1 a real call (it inlines only the small ones), as it does in
// UnixBench's dhry_1.c.

// Executed once per loop; Ptr_Val_Par == Ptr_Glob.
void Proc_1(Rec_Pointer Ptr_Val_Par) {
    Rec_Pointer Next_Record = Ptr_Val_Par->Ptr_Comp;  // == Next_Ptr_Glob

    *Ptr_Val_Par->Ptr_Comp = *Ptr_Glob;  // whole-record assignment
    Ptr_Val_Par->variant.var_1.Int_Comp = 5;
    Next_Record->variant.var_1.Int_Comp = Ptr_Val_Par->variant.var_1.Int_Comp;
    Next_Record->Ptr_Comp = Ptr_Val_Par->Ptr_Comp;
    Proc_3(&Next_Record->Ptr_Comp);
    if (Next_Record->Discr == Ident_1) {  // then, executed
        Next_Record->variant.var_1.Int_Comp = 6;
        Proc_6(Ptr_Val_Par->variant.var_1.Enum_Comp, &Next_Record->variant.var_1.Enum_Comp);
        Next_Record->Ptr_Comp = Ptr_Glob->Ptr_Comp;
        Proc_7(Next_Record->variant.var_1.Int_Comp, 10, &Next_Record->variant.var_1.Int_Comp);
    } else {  // not executed
        *Ptr_Val_Par = *Ptr_Val_Par->Ptr_Comp;
    }
}

// Executed once per loop; *Int_Par_Ref == 1 on entry, 5 on exit.
void Proc_2(One_Fifty *Int_Par_Ref) {
    One_Fifty Int_Loc = *Int_Par_Ref + 10;
    Enumeration Enum_Loc = Ident_2;
    do {
        if (Ch_1_Glob == 'A') {  // then, executed
            Int_Loc -= 1;
            *Int_Par_Ref = Int_Loc - Int_Glob;
            Enum_Loc = Ident_1;
        }
    } while (Enum_Loc != Ident_1);  // true
}

// Executed once per loop; *Ptr_Ref_Par becomes Ptr_Glob->Ptr_Comp.
void Proc_3(Rec_Pointer *Ptr_Ref_Par) {
    if (Ptr_Glob != nullptr)  // then, executed
        *Ptr_Ref_Par = Ptr_Glob->Ptr_Comp;
    Proc_7(10, Int_Glob, &Ptr_Glob->variant.var_1.Int_Comp);
}

// Executed once per loop.
void Proc_4() {
    Boolean Bool_Loc = Ch_1_Glob == 'A';
    Bool_Glob = Bool_Loc | Bool_Glob;
    Ch_2_Glob = 'B';
}

// Executed once per loop.
void Proc_5() {
    Ch_1_Glob = 'A';
    Bool_Glob = false;
}

void reset() {
    Next_Ptr_Glob = new (&g_records.next) Record();
    Ptr_Glob = new (&g_records.ptr) Record();
    Int_Glob = 0;
    Bool_Glob = 0;
    Ch_1_Glob = '\0';
    Ch_2_Glob = '\0';
    std::memset(Arr_1_Glob, 0, sizeof Arr_1_Glob);
    std::memset(Arr_2_Glob, 0, sizeof Arr_2_Glob);

    Ptr_Glob->Ptr_Comp = Next_Ptr_Glob;
    Ptr_Glob->Discr = Ident_1;
    Ptr_Glob->variant.var_1.Enum_Comp = Ident_3;
    Ptr_Glob->variant.var_1.Int_Comp = 40;
    std::strcpy(reinterpret_cast<char *>(Ptr_Glob->variant.var_1.Str_Comp), kSomeString);
    Arr_2_Glob[8][7] = 10;
}

unsigned long run(const volatile int32_t *stop, Locals &locals) {
    One_Fifty Int_1_Loc = 0;
    One_Fifty Int_2_Loc = 0;
    One_Fifty Int_3_Loc = 0;
    char Ch_Index;
    Enumeration Enum_Loc = Ident_1;
    Str_30 Str_1_Loc;
    Str_30 Str_2_Loc;

    std::strcpy(Str_1_Loc, "DHRYSTONE PROGRAM, 1'ST STRING");
    std::strcpy(Str_2_Loc, "");

    for (Run_Index = 1; *stop == 0; Run_Index = Run_Index + 1) {
        Proc_5();
        Proc_4();
        // Ch_1_Glob == 'A', Ch_2_Glob == 'B', Bool_Glob == true
        Int_1_Loc = 2;
        Int_2_Loc = 3;
        std::strcpy(Str_2_Loc, "DHRYSTONE PROGRAM, 2'ND STRING");
        Enum_Loc = Ident_2;
        Bool_Glob = !Func_2(Str_1_Loc, Str_2_Loc);     // Bool_Glob == 1
        while (Int_1_Loc < Int_2_Loc) {                // loop body executed once
            Int_3_Loc = 5 * Int_1_Loc - Int_2_Loc;     // Int_3_Loc == 7
            Proc_7(Int_1_Loc, Int_2_Loc, &Int_3_Loc);  // Int_3_Loc == 7
            Int_1_Loc += 1;
        }
        // Int_1_Loc == 3, Int_2_Loc == 3, Int_3_Loc == 7
        Proc_8(Arr_1_Glob, Arr_2_Glob, Int_1_Loc, Int_3_Loc);  // Int_Glob == 5
        Proc_1(Ptr_Glob);
        for (Ch_Index = 'A'; Ch_Index <= Ch_2_Glob; ++Ch_Index) {  // loop body executed twice
            if (Enum_Loc == Func_1(Ch_Index, 'C')) {               // then, not executed
                Proc_6(Ident_1, &Enum_Loc);
                std::strcpy(Str_2_Loc, "DHRYSTONE PROGRAM, 3'RD STRING");
                Int_2_Loc = static_cast<One_Fifty>(Run_Index);
                Int_Glob = static_cast<int>(Run_Index);
            }
        }
        // Int_1_Loc == 3, Int_2_Loc == 3, Int_3_Loc == 7
        Int_2_Loc = Int_2_Loc * Int_1_Loc;
        Int_1_Loc = Int_2_Loc / Int_3_Loc;
        Int_2_Loc = 7 * (Int_2_Loc - Int_3_Loc) - Int_1_Loc;
        // Int_1_Loc == 1, Int_2_Loc == 13, Int_3_Loc == 7
        Proc_2(&Int_1_Loc);
        // Int_1_Loc == 5, Int_2_Loc == 13, Int_3_Loc == 7
    }

    locals.Int_1_Loc = Int_1_Loc;
    locals.Int_2_Loc = Int_2_Loc;
    locals.Int_3_Loc = Int_3_Loc;
    locals.Enum_Loc = Enum_Loc;
    std::memcpy(locals.Str_1_Loc, Str_1_Loc, sizeof Str_1_Loc);
    std::memcpy(locals.Str_2_Loc, Str_2_Loc, sizeof Str_2_Loc);
    return Run_Index - 1;
}

namespace {

template <class T, class U>
void expect(std::ostringstream &out, const char *what, const T &actual, const U &expected) {
    if (actual == expected) return;
    if (out.tellp() > 0) out << "; ";
    out << what << " is " << actual << ", expected " << expected;
}

void expect_string(std::ostringstream &out, const char *what, const char *actual,
                   const char *expected) {
    if (std::strncmp(actual, expected, sizeof(Str_30)) == 0) return;
    if (out.tellp() > 0) out << "; ";
    out << what << " is \"" << std::string(actual, strnlen(actual, sizeof(Str_30)))
        << "\", expected \"" << expected << '"';
}

}  // namespace

std::string check(const Locals &locals, unsigned long runs) {
    std::ostringstream out;
    if (runs == 0) return "no complete Dhrystone loop was run";
    if (Ptr_Glob == nullptr || Next_Ptr_Glob == nullptr) return "the records were not set up";

    // The values Weicker's dhry.h documents as the final values.
    expect(out, "Int_Glob", Int_Glob, 5);
    expect(out, "Bool_Glob", Bool_Glob, 1);
    expect(out, "Ch_1_Glob", Ch_1_Glob, 'A');
    expect(out, "Ch_2_Glob", Ch_2_Glob, 'B');
    expect(out, "Arr_1_Glob[8]", Arr_1_Glob[8], 7);
    // Number_Of_Runs + 10. The element is an int, as in the original; it
    // wraps after 2^31 loops, so compare modulo 2^32.
    expect(out, "Arr_2_Glob[8][7]", static_cast<uint32_t>(Arr_2_Glob[8][7]),
           static_cast<uint32_t>(runs + 10));
    // Ptr_Comp is "implementation-dependent, same for both": both records
    // point at the second one.
    expect(out, "Ptr_Glob->Ptr_Comp", static_cast<const void *>(Ptr_Glob->Ptr_Comp),
           static_cast<const void *>(Next_Ptr_Glob));
    expect(out, "Ptr_Glob->Discr", static_cast<int>(Ptr_Glob->Discr), 0);
    expect(out, "Ptr_Glob->Enum_Comp", static_cast<int>(Ptr_Glob->variant.var_1.Enum_Comp), 2);
    expect(out, "Ptr_Glob->Int_Comp", Ptr_Glob->variant.var_1.Int_Comp, 17);
    expect_string(out, "Ptr_Glob->Str_Comp",
                  reinterpret_cast<const char *>(Ptr_Glob->variant.var_1.Str_Comp), kSomeString);
    expect(out, "Next_Ptr_Glob->Ptr_Comp", static_cast<const void *>(Next_Ptr_Glob->Ptr_Comp),
           static_cast<const void *>(Next_Ptr_Glob));
    expect(out, "Next_Ptr_Glob->Discr", static_cast<int>(Next_Ptr_Glob->Discr), 0);
    expect(out, "Next_Ptr_Glob->Enum_Comp",
           static_cast<int>(Next_Ptr_Glob->variant.var_1.Enum_Comp), 1);
    expect(out, "Next_Ptr_Glob->Int_Comp", Next_Ptr_Glob->variant.var_1.Int_Comp, 18);
    expect_string(out, "Next_Ptr_Glob->Str_Comp",
                  reinterpret_cast<const char *>(Next_Ptr_Glob->variant.var_1.Str_Comp),
                  kSomeString);
    expect(out, "Int_1_Loc", locals.Int_1_Loc, 5);
    expect(out, "Int_2_Loc", locals.Int_2_Loc, 13);
    expect(out, "Int_3_Loc", locals.Int_3_Loc, 7);
    expect(out, "Enum_Loc", static_cast<int>(locals.Enum_Loc), 1);
    expect_string(out, "Str_1_Loc", locals.Str_1_Loc, kFirstString);
    expect_string(out, "Str_2_Loc", locals.Str_2_Loc, kSecondString);
    return out.str();
}

}  // namespace dhry
}  // namespace bytebench::plugins::cpu
