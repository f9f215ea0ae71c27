// Keeps the verifiers OBJECT library non-empty before the first pass lands.
namespace meshproof { int verifiers_anchor = 0; }
