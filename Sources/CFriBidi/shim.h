#include <fribidi.h>
// The paragraph directions are composite macros, which Swift does not import.
static const FriBidiParType CFriBidiParagraphAuto = FRIBIDI_PAR_ON;
static const FriBidiParType CFriBidiParagraphLTR = FRIBIDI_PAR_LTR;
static const FriBidiParType CFriBidiParagraphRTL = FRIBIDI_PAR_RTL;
