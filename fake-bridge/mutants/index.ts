export { MUTANTS, MUTANT_NAMES, parseMutants, type MutantName } from "./mutants.js";
