/** English (`en`), the default of every part: for an app that switches languages and wants English as one of them. */
export { en } from '../messages';
