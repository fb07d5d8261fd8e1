/** The report layer: read Allure results, summarise them per clause, render them, generate the HTML report. */
export * from "./results-reader.js";
export * from "./summary.js";
export * from "./terminal.js";
export * from "./environment.js";
export * from "./offline.js";
export { generateAllureReport, resolveAllureCli, stripAndVerify, REPO_ALLURE_CONFIG, type GenerateOptions, type GeneratedReport } from "./allure-report.js";
