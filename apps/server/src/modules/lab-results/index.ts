/**
 * The lab results module's public surface: labhl7 files analysers' values through fileResult (the
 * one way a value is filed).
 */
export { type FiledResult, fileResult, type ValueToFile } from './file-result';
