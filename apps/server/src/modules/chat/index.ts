// The chat module's face: its plugin (conversations and the send, shares, feedback, reply versions,
// insights, saving to a project, the image proxy), the reply runner app.ts starts and closes, and the
// send the sites module is given to put a message to a conversation's agent.

export { chatModule } from './plugin.ts';
export { createChatRunner } from './reply/runner.ts';
export { createMessageSender } from './reply/send-message.ts';
