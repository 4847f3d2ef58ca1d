import RestKitForms
import Testing
