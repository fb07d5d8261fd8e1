export { MUTANTS, MUTANT_NAMES, isMutantName, parseMutants, type MutantName } from "./mutants.js";
