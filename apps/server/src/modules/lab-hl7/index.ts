/**
 * The HL7 module's public surface: app.ts creates the MLLP listener here; main.ts starts it.
 */
export { createHl7Listener, type Hl7Listener } from './listener';
