export { FAULTS, FAULT_NAMES, isFaultName, parseFaults, type FaultName } from "./faults.js";
