/** The fish → bash translation lives with the dialect front ends (src/analysis/dialects/). */
export { fishToBash } from "../analysis/dialects/fish-translate.js";
