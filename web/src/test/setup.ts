// jsdom leaves out what Node has and react-router uses (TextEncoder); the web's unit tests get Node's.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
