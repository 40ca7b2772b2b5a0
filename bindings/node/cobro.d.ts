export * from './index'
export * from './errors'
