/** Ego Lite four-part versions and ranges over them. */
export {
  compareEgoVersions,
  egoVersionFromParts,
  EgoVersionError,
  formatEgoVersion,
  isEgoVersionText,
  parseEgoVersion,
  sortEgoVersions,
  toSemverWithBuild,
  tryParseEgoVersion,
  type EgoVersion,
  type EgoVersionParts,
} from "./ego-version.js";
export {
  EgoRangeError,
  formatEgoRange,
  isEmptyRange,
  parseEgoRange,
  rangesOverlap,
  satisfiesEgoRange,
  type EgoComparator,
  type EgoComparatorOperator,
  type EgoComparatorSet,
  type EgoRange,
} from "./range.js";
