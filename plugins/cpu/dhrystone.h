// Dhrystone 2.1 (R. P. Weicker, 1988), private to the cpu plugin.
//
// The benchmark is split over two translation units exactly as the original
// (dhrystone_main.cpp: the timed loop and Proc_1..Proc_5; dhrystone_procs.cpp:
// Proc_6..Proc_8 and Func_1..Func_3), so that the compiler sees the same call
// boundaries as in UnixBench's dhry_1.c/dhry_2.c. Do not merge the files and
// do not build them with LTO: both would let the optimiser see through the
// calls and change what is measured.
//
// Identifiers follow Weicker's published names so that the code can be
// checked against the benchmark's description.
#ifndef BYTEBENCH_CPU_DHRYSTONE_H
#define BYTEBENCH_CPU_DHRYSTONE_H

#include <cstdint>
#include <string>

// Hidden declarations, not only definitions (which -fvisibility=hidden
// covers): the other file then reaches the globals PC-relative, as a
// non-PIC build of the original does, rather than through the GOT.
#pragma GCC visibility push(hidden)

namespace bytebench::plugins::cpu {
namespace dhry {

enum Enumeration { Ident_1, Ident_2, Ident_3, Ident_4, Ident_5 };

using One_Thirty = int;
using One_Fifty = int;
using Capital_Letter = char;
using Boolean = int;
using Str_30 = char[31];
using Arr_1_Dim = int[50];
using Arr_2_Dim = int[50][50];

// The record's string components are `signed char`, not `char`: GCC's C++
// front end treats a class holding a `char` array as untyped storage that may
// alias anything, so every store into a record would force reloads of the
// global pointers that the C original (UnixBench compiles it as C) does not
// make. `signed char` keeps the C aliasing, and the same code.
using Rec_Char = signed char;

struct Record {
    Record *Ptr_Comp;
    Enumeration Discr;
    union {
        struct {
            Enumeration Enum_Comp;
            int Int_Comp;
            Rec_Char Str_Comp[31];
        } var_1;
        struct {
            Enumeration E_Comp_2;
            Rec_Char Str_2_Comp[31];
        } var_2;
        struct {
            char Ch_1_Comp;
            char Ch_2_Comp;
        } var_3;
    } variant;
};
using Rec_Pointer = Record *;

// Global state (defined in dhrystone_main.cpp).
extern Rec_Pointer Ptr_Glob;
extern Rec_Pointer Next_Ptr_Glob;
extern int Int_Glob;
extern Boolean Bool_Glob;
extern char Ch_1_Glob;
extern char Ch_2_Glob;
extern Arr_1_Dim Arr_1_Glob;
extern Arr_2_Dim Arr_2_Glob;

// dhrystone_main.cpp
void Proc_1(Rec_Pointer Ptr_Val_Par);
void Proc_2(One_Fifty *Int_Par_Ref);
void Proc_3(Rec_Pointer *Ptr_Ref_Par);
void Proc_4();
void Proc_5();

// dhrystone_procs.cpp
void Proc_6(Enumeration Enum_Val_Par, Enumeration *Enum_Ref_Par);
void Proc_7(One_Fifty Int_1_Par_Val, One_Fifty Int_2_Par_Val, One_Fifty *Int_Par_Ref);
void Proc_8(Arr_1_Dim Arr_1_Par_Ref, Arr_2_Dim Arr_2_Par_Ref, int Int_1_Par_Val, int Int_2_Par_Val);
Enumeration Func_1(Capital_Letter Ch_1_Par_Val, Capital_Letter Ch_2_Par_Val);
Boolean Func_2(Str_30 Str_1_Par_Ref, Str_30 Str_2_Par_Ref);
Boolean Func_3(Enumeration Enum_Par_Val);

// The main program's locals, as they are after the timed loop.
struct Locals {
    One_Fifty Int_1_Loc = 0;
    One_Fifty Int_2_Loc = 0;
    One_Fifty Int_3_Loc = 0;
    Enumeration Enum_Loc = Ident_1;
    Str_30 Str_1_Loc = {};
    Str_30 Str_2_Loc = {};
};

// Initialises the global state and the records (the untimed part of main()).
// Call it before every run().
void reset();

// Runs complete Dhrystone loops until *stop becomes non-zero and returns how
// many were completed. `locals` receives the loop's final local variables.
unsigned long run(const volatile int32_t *stop, Locals &locals);

// Compares the final state after `runs` complete loops with the values that
// Weicker's dhry.h documents. Returns "" when all match, otherwise the first
// mismatches, e.g. "Int_Glob is 4, expected 5".
std::string check(const Locals &locals, unsigned long runs);

}  // namespace dhry
}  // namespace bytebench::plugins::cpu

#pragma GCC visibility pop

#endif  // BYTEBENCH_CPU_DHRYSTONE_H
