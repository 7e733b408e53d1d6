export * from './fake-ai-server';
export { defaultContent, messagesText } from './fake-answer';
