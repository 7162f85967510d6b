/*
 * The live-chat module's public face (issue 18, docs/live-chat.md): the chat room between members
 * or visitors and support operators. The seed orchestrator calls its demo seed; the route registry mounts
 * ./routes (the room) and ./operator-routes (the support console). Files outside
 * modules/live-chat/ import only this file (modules/boundaries.test.ts checks it).
 */
export { guestTopic, operatorsTopic } from './publish-chat-event';
export { seedDemoCannedAnswers } from './seed-demo-canned-answers';
